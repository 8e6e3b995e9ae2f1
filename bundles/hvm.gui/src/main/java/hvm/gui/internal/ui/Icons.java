package hvm.gui.internal.ui;

import hvm.gui.internal.kit.Style;
import hvm.gui.internal.model.OsType;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Component;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import javax.swing.Icon;

/** Small drawn icons, so the app ships no image files: an OS badge and a padlock. */
final class Icons {
    private Icons() {
    }

    /** A rounded square in the OS family's colour with a short OS tag, and a dot when running. */
    static Icon osBadge(OsType os, boolean running, int size) {
        return new Icon() {
            @Override
            public void paintIcon(Component c, Graphics g, int x, int y) {
                Graphics2D g2 = (Graphics2D) g.create();
                try {
                    g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                    g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                    g2.setColor(colour(os));
                    int arc = size / 4;
                    g2.fillRoundRect(x, y, size, size, arc, arc);
                    g2.setColor(Color.WHITE);
                    g2.setFont(new Font(Font.SANS_SERIF, Font.BOLD, Math.max(9, size * 3 / 8)));
                    String tag = tag(os);
                    FontMetrics fm = g2.getFontMetrics();
                    g2.drawString(tag, x + (size - fm.stringWidth(tag)) / 2, y + (size + fm.getAscent() - fm.getDescent()) / 2);
                    if (running) {
                        int d = Math.max(8, size / 3);
                        g2.setColor(Color.WHITE);
                        g2.fillOval(x + size - d, y + size - d, d, d);
                        g2.setColor(Style.RUNNING);
                        g2.fillOval(x + size - d + 2, y + size - d + 2, d - 4, d - 4);
                    }
                } finally {
                    g2.dispose();
                }
            }

            @Override
            public int getIconWidth() {
                return size;
            }

            @Override
            public int getIconHeight() {
                return size;
            }
        };
    }

    /** A padlock, for encrypted VMs. */
    static Icon lock(Color colour) {
        return new Icon() {
            @Override
            public void paintIcon(Component c, Graphics g, int x, int y) {
                Graphics2D g2 = (Graphics2D) g.create();
                try {
                    g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                    g2.setColor(colour);
                    g2.setStroke(new BasicStroke(1.6f));
                    g2.drawArc(x + 3, y + 1, 6, 8, 0, 180);
                    g2.drawLine(x + 3, y + 5, x + 3, y + 7);
                    g2.drawLine(x + 9, y + 5, x + 9, y + 7);
                    g2.fillRoundRect(x + 1, y + 7, 10, 7, 2, 2);
                } finally {
                    g2.dispose();
                }
            }

            @Override
            public int getIconWidth() {
                return 12;
            }

            @Override
            public int getIconHeight() {
                return 15;
            }
        };
    }

    private static Color colour(OsType os) {
        switch (os) {
            case UBUNTU:
                return new Color(0xE9, 0x54, 0x20);
            case DEBIAN:
                return new Color(0xA8, 0x0D, 0x35);
            case FEDORA:
                return new Color(0x29, 0x4D, 0x8C);
            case LINUX:
                return new Color(0x4A, 0x4A, 0x4A);
            case WINDOWS_11:
            case WINDOWS_10:
                return new Color(0x00, 0x67, 0xB8);
            case MACOS:
                return new Color(0x6E, 0x6E, 0x73);
            case FREEBSD:
                return new Color(0xAB, 0x2B, 0x28);
            default:
                return new Color(0x5F, 0x63, 0x68);
        }
    }

    private static String tag(OsType os) {
        switch (os) {
            case UBUNTU:
                return "Ub";
            case DEBIAN:
                return "De";
            case FEDORA:
                return "Fe";
            case LINUX:
                return "Lx";
            case WINDOWS_11:
                return "11";
            case WINDOWS_10:
                return "10";
            case MACOS:
                return "Mac";
            case FREEBSD:
                return "BSD";
            default:
                return "?";
        }
    }
}
